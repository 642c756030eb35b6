import { collection, getDocs, orderBy, query, where } from "firebase/firestore";
import { db } from "./firebase";

// An old copy left in the tree: never read by default.
export async function mine(uid: string) {
  return getDocs(query(collection(db, "posts"), where("author", "==", uid), orderBy("title")));
}
