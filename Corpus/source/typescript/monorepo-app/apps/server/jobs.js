// A Cloud Function: Admin SDK, names from the shared package.
const admin = require("firebase-admin");
const { FirestoreCollection, Fields } = require("@acme/shared");

const db = admin.firestore();

exports.cleanup = async () => {
  const stale = await db.collection(FirestoreCollection.Users).where("lastSeen", "<", Date.now()).get();
  // Two array-contains filters: Firestore refuses it; listed as written.
  const both = await db.collection(FirestoreCollection.Posts)
    .where("tags", "array-contains", "a")
    .where("roles", "array-contains", "b")
    .get();
  return stale.size + both.size;
};

// MongoDB in the same tree: no Firestore query.
async function archive(mongo) {
  return mongo.db("archive").collection("posts").find({ [Fields.author]: 1 }).toArray();
}
module.exports.archive = archive;
