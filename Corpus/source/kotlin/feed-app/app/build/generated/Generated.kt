// Build output: never read.
fun generated() = Firebase.firestore.collection("zzz").whereEqualTo("x", 1).get()
