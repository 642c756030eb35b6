package com.acme.tasks

import com.acme.data.Paths
import com.acme.data.listen
import com.acme.data.newestFirst
import com.acme.data.nonBlank
import com.acme.data.onlyOpen
import com.google.firebase.firestore.FirebaseFirestore
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.tasks.await

class TaskRepository(private val db: FirebaseFirestore) {
    private val teams = db.collection(Paths.TEAMS)

    // A reference helper whose document id spans lines: a reference, run by its callers.
    private fun membersRef(teamId: String) =
        teams.document(
            teamId.takeIf {
                it.isNotBlank()
            } ?: "none"
        ).collection("members")

    fun watchAdmins(teamId: String) = membersRef(teamId)
        .whereEqualTo("role", "admin")
        .listen(Member::class.java)

    fun watchTeam(teamId: String) = teams.document(teamId).listen(Team::class.java)

    // A try expression as the body; the path from a function of an object; clause helpers.
    suspend fun latestTask(teamId: String) = try {
        db.collection(Paths.tasksOf(teamId))
            .onlyOpen()
            .newestFirst()
            .limit(1)
            .get().await().documents.firstOrNull()
    } catch (e: Exception) {
        null
    }

    suspend fun members(teamId: String) = membersRef(teamId).get().await()

    fun labels(names: List<String>) = names.nonBlank()
}

class GetOpenTeams(private val db: FirebaseFirestore) {
    operator fun invoke(owner: String): Flow<List<Team>> = flow {
        try {
            val found = db.collection(Paths.TEAMS)
                .whereEqualTo("owner", owner)
                .onlyOpen()
                .get().await()
            emit(found.toObjects(Team::class.java))
        } catch (e: Exception) {
            emit(emptyList())
        }
    }
}
