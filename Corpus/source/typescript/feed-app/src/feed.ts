import {
  collection, collectionGroup, doc, query, where, orderBy, limit, limitToLast, or, and,
  getDocs, onSnapshot, getCountFromServer, getAggregateFromServer, sum, average, documentId,
  startAfter, FieldPath,
} from "firebase/firestore";
import { db } from "./firebase";
import { POSTS } from "./names";

// A helper returning a query: inlined at each call.
function byAuthor(uid: string) {
  return query(collection(db, POSTS), where("author", "==", uid));
}

export async function recent(cursor: unknown) {
  const q = query(
    collection(db, POSTS),
    where("published", "==", true),
    orderBy("createdAt", "desc"),
    startAfter(cursor),
    limit(20),
  );
  return getDocs(q);
}

export async function mine(uid: string) {
  return getDocs(query(byAuthor(uid), orderBy("createdAt")));
}

// One query refined across statements: one variant per reachable combination.
export function search(mineOnly: boolean, uid: string, tag?: string) {
  let q = query(collection(db, "posts"));
  if (mineOnly) {
    q = query(q, where("author", "==", uid));
  } else if (tag) {
    q = query(q, where("tags", "array-contains", tag));
  }
  return onSnapshot(q, (snapshot) => console.log(snapshot.size));
}

export async function comments(userId: string) {
  const ref = collection(db, "users", userId, "comments");
  return getDocs(query(ref, where(new FieldPath("meta", "visible"), "==", true), where("score", ">", 3)));
}

export async function flagged() {
  const q = query(
    collectionGroup(db, "comments"),
    or(where("flagged", "==", true), and(where("reports", ">=", 5), where("hidden", "==", false))),
  );
  const n = await getCountFromServer(q);
  return n.data().count;
}

export async function totals() {
  const q = query(collection(db, "orders"), where("status", "in", ["open", "paid"]), where(documentId(), "!=", "draft"), limitToLast(5), orderBy("total"));
  return getAggregateFromServer(q, { total: sum("total"), mean: average("total") });
}

// Returned to code elsewhere (never called in these files): reported where it is returned.
export function inboxQuery(uid: string) {
  return query(collection(db, "inbox"), where("to", "==", uid), orderBy("at", "desc"));
}

// Not resolvable statically: the field comes from the caller.
export async function filtered(field: string, value: string) {
  return getDocs(query(collection(db, "posts"), where(field, "==", value)));
}

// A generic wrapper runs the query it is handed: the query is reported where it is handed over.
async function run<T>(q: Query<T>) {
  return (await getDocs(q)).docs;
}

export async function errors() {
  return run(query(collection(db, "logs"), where("level", "==", "error"), orderBy("at")));
}
