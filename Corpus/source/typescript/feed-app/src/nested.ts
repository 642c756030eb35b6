import { collection, query, where, orderBy, getDocs } from "firebase/firestore";
import { db } from "./firebase";

// A helper that runs what another helper builds: each call site is one query, naming the
// outer helper, where the query is built, and the call in between.
async function fetchAll(q: ReturnType<typeof query>) {
  return getDocs(q);
}

async function openTickets(team: string) {
  return fetchAll(query(collection(db, "tickets"), where("team", "==", team), orderBy("openedAt")));
}

export async function dashboard() {
  await openTickets("support");
  await openTickets("billing");
}
