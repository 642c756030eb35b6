import { getFirestore } from "firebase-admin/firestore";

const db = getFirestore();

// Production refuses this query: one query may hold one array-contains filter.
export async function matching(tag: string, topic: string) {
  return db
    .collection("posts")
    .where("tags", "array-contains", tag)
    .where("topics", "array-contains", topic)
    .get();
}

// A valid query beside it, still planned: the manifest does not serve it.
export async function recent(author: string) {
  return db.collection("posts").where("author", "==", author).orderBy("createdAt", "desc").limit(20).get();
}
