package com.acme.data

// Collection and field names: an object, a companion object and top-level constants.
object Collections {
    const val USERS = "users"
    const val ORDERS = "orders"
}

const val CREATED_AT = "createdAt"

class OrderFields {
    companion object {
        const val STATUS = "status"
        const val TOTAL = "total"
    }
}
