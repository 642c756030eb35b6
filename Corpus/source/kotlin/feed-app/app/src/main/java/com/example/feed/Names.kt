package com.example.feed

// Collection and field names held in constants, read from the other files.
const val POSTS = "posts"

object Fields {
    const val AUTHOR = "author"
    const val CREATED_AT = "createdAt"
}
