import { collection, getDocs, query, where, orderBy } from "firebase/firestore";
import { db } from "./firestore";

// A collection, a field and a direction each chosen by a branch: one variant per combination.
export async function staffOf(shopId: string, archived: boolean, asManager: boolean, newestFirst: boolean) {
  const name = archived ? "formerStaff" : "staff";
  let role = "clerk";
  if (asManager) {
    role = "manager";
  }
  return getDocs(query(collection(db, name), where(role, "==", shopId), orderBy("since", newestFirst ? "desc" : "asc")));
}
