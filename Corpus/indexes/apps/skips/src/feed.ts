import { collection, getDocs, orderBy, query, where } from "firebase/firestore";
import { db } from "./firebase";

// The app's one query: served by the manifest.
export async function mine(uid: string) {
  return getDocs(query(collection(db, "posts"), where("author", "==", uid), orderBy("createdAt", "desc")));
}
