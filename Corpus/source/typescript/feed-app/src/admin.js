// Namespaced and Admin SDK chains.
const admin = require("firebase-admin");
const db = admin.firestore();

async function staleSessions(cutoff) {
  const snap = await db.collection("sessions").where("expiresAt", "<", cutoff).orderBy("expiresAt").limit(500).get();
  return snap.docs;
}

async function teamTasks(teamId, done) {
  let q = db.collection(`teams/${teamId}/tasks`);
  return q.get();
}

async function openTasks(teamId) {
  return db.collection("teams").doc(teamId).collection("tasks")
    .where("done", "==", false)
    .orderBy("due", "desc")
    .get();
}

async function overdue(now) {
  return db.collectionGroup("tasks").where(admin.firestore.Filter.or(
    admin.firestore.Filter.where("due", "<", now), admin.firestore.Filter.where("priority", "==", "high"))).count().get();
}

module.exports = { staleSessions, teamTasks, openTasks, overdue };

async function byNestedField(value) {
  return db.collection("teams").where(new admin.firestore.FieldPath("meta", "region"), "==", value).get();
}
