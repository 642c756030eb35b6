package com.example.feed

import com.google.firebase.Firebase
import com.google.firebase.firestore.AggregateField
import com.google.firebase.firestore.AggregateSource
import com.google.firebase.firestore.FieldPath
import com.google.firebase.firestore.Filter
import com.google.firebase.firestore.Query
import com.google.firebase.firestore.firestore
import kotlinx.coroutines.tasks.await

class FeedRepository(private val uid: String) {
    private val db = Firebase.firestore

    companion object {
        const val PAGE = 20
        private const val COMMENTS = "comments"
    }

    // A helper that returns a query: inlined where it is called.
    private fun byAuthor(author: String): Query =
        db.collection(POSTS).whereEqualTo(Fields.AUTHOR, author)

    suspend fun recent(cursor: Any?) =
        db.collection(POSTS)
            .whereEqualTo("published", true)
            .orderBy(Fields.CREATED_AT, Query.Direction.DESCENDING)
            .startAfter(cursor)
            .limit(PAGE.toLong())
            .get()
            .await()

    suspend fun mine() = byAuthor(uid).orderBy(Fields.CREATED_AT).get().await()

    // One query refined across statements: each reachable combination is a variant.
    fun search(mineOnly: Boolean, tag: String?) {
        var q: Query = db.collection("posts")
        if (mineOnly) {
            q = q.whereEqualTo("author", uid)
        } else if (tag != null) {
            q = q.whereArrayContains("tags", tag)
        }
        q.addSnapshotListener { snapshot, error ->
            println(snapshot?.size())
        }
    }

    // `if` as an expression, and a path built with a template.
    suspend fun comments(visibleOnly: Boolean) {
        val base = db.collection("users/$uid/$COMMENTS")
        val q = if (visibleOnly) base.whereEqualTo(FieldPath.of("meta", "visible"), true) else base
        q.whereGreaterThan("score", 3).get().await()
    }

    suspend fun flagged(): Long {
        val q = db.collectionGroup(COMMENTS).where(
            Filter.or(
                Filter.equalTo("flagged", true),
                Filter.and(Filter.greaterThanOrEqualTo("reports", 5), Filter.equalTo("hidden", false)),
            )
        )
        return q.count().get(AggregateSource.SERVER).await().count
    }

    suspend fun totals() {
        val q = db.collection("orders")
            .whereIn("status", listOf("open", "paid"))
            .whereNotEqualTo(FieldPath.documentId(), "draft")
            .orderBy("total")
            .limitToLast(5)
        q.aggregate(AggregateField.sum("total"), AggregateField.average("total")).get(AggregateSource.SERVER).await()
    }

    // `when` chooses the order: one variant per branch.
    suspend fun ranked(mode: Int) {
        val q = when (mode) {
            0 -> db.collection("scores").orderBy("points", Query.Direction.DESCENDING)
            1 -> db.collection("scores").whereLessThan("points", 10).orderBy("points")
            else -> db.collection("scores").whereNotIn("level", listOf(1, 2)).whereLessThanOrEqualTo("rank", 3)
        }
        q.get().await()
    }

    suspend fun rooms() = db.collection("rooms").document(uid).collection("messages")
        .whereArrayContainsAny("to", listOf(uid, "all"))
        .whereGreaterThanOrEqualTo("at", 0)
        .get()
        .await()

    // Returned to code elsewhere (never called in these files): reported where it is returned.
    fun inboxQuery(): Query = db.collection("inbox").whereEqualTo("to", uid).orderBy("at", Query.Direction.DESCENDING)

    // Not resolvable statically: the field and the collection come from the caller.
    suspend fun filtered(field: String, value: String) =
        db.collection("posts").whereEqualTo(field, value).get().await()

    suspend fun anyCollection(name: String) = db.collection(name).whereEqualTo("x", 1).get().await()

    // An extension function on Query is followed: the clause it adds is the query's.
    suspend fun published() = db.collection(POSTS).onlyPublished().get().await()

    suspend fun templated(kind: String) = db.collection("posts").whereEqualTo("meta.$kind", true).get().await()
}

fun Query.onlyPublished(): Query = whereEqualTo("published", true)
