package com.acme.data

import com.google.firebase.firestore.DocumentReference
import com.google.firebase.firestore.Query
import kotlinx.coroutines.channels.awaitClose
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.callbackFlow

// A listener wrapper: the query runs where `listen` is called.
fun <T> Query.listen(type: Class<T>): Flow<List<T>> = callbackFlow {
    val registration = addSnapshotListener { snapshot, error ->
        if (error != null) {
            close(error)
            return@addSnapshotListener
        }
        trySend(snapshot?.toObjects(type) ?: emptyList())
    }
    awaitClose { registration.remove() }
}

// The same name on a document: a document read, not a query.
fun <T> DocumentReference.listen(type: Class<T>): Flow<T?> = callbackFlow {
    val registration = addSnapshotListener { snapshot, _ -> trySend(snapshot?.toObject(type)) }
    awaitClose { registration.remove() }
}

// Clause helpers: each gives back the query with one more clause.
fun Query.onlyOpen(): Query = whereEqualTo("open", true)

fun Query.newestFirst() = this.orderBy("createdAt", Query.Direction.DESCENDING)

// Not a query: an extension on a list.
fun List<String>.nonBlank() = filter { it.isNotBlank() }
