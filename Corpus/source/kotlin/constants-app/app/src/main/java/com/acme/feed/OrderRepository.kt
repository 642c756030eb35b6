package com.acme.feed

import com.acme.data.Collections
import com.acme.data.CREATED_AT
import com.acme.data.OrderFields
import com.acme.data.Collections.USERS as PEOPLE
import com.google.firebase.firestore.FirebaseFirestore
import com.google.firebase.firestore.Query

class OrderRepository(private val db: FirebaseFirestore) {
    fun open(uid: String) = db.collection(Collections.ORDERS)
        .whereEqualTo(OrderFields.STATUS, "open")
        .whereEqualTo("owner", uid)
        .orderBy(CREATED_AT, Query.Direction.DESCENDING)
        .get()

    fun people() = db.collection(PEOPLE).orderBy(CREATED_AT).get()

    // A base query taking the collection name: each call site is one query.
    private fun newest(collection: String) = db.collection(collection).orderBy(CREATED_AT, Query.Direction.DESCENDING)

    fun newestOrders() = newest(Collections.ORDERS).limit(10).get()
    fun newestUsers() = newest(Collections.USERS).get()

    // Not Firestore: a list's filter and a map's get.
    fun totals(orders: List<Order>, names: Map<String, String>) =
        orders.filter { it.total > 0 }.map { names.get(it.id) }
}
