import { collection, getDocs, query, where, orderBy, limit, QueryConstraint } from "firebase/firestore";
import { db } from "./firestore";
import { Coll } from "../lib/db";

const SHOPS = "shops";
const REVIEWS = "reviews";

// A subcollection path in a template literal of constants around a computed id.
export async function shopReviews(shopId: string) {
  const ref = collection(db, `${SHOPS}/${shopId}/${REVIEWS}`);
  return getDocs(query(ref, where("stars", ">=", 4), orderBy("stars", "desc")));
}

// The same with enum members.
export async function allShopReviews(shopId: string) {
  return getDocs(collection(db, `${Coll.Shops}/${shopId}/${Coll.Reviews}`));
}

// Constraints pushed on every path, then spread: all of them apply.
export async function latestReviews(count: number) {
  const constraints: QueryConstraint[] = [];
  constraints.push(where("visible", "==", true));
  constraints.push(orderBy("createdAt", "desc"), limit(count));
  return getDocs(query(collection(db, REVIEWS), ...constraints));
}

// Constraints pushed only in some branches: Flint cannot tell which apply, so the query is
// unresolved rather than listed with a clause less.
export async function findReviews(filters: { shop?: string; minStars?: number }) {
  const constraints: QueryConstraint[] = [where("visible", "==", true)];
  if (filters.shop) {
    constraints.push(where("shop", "==", filters.shop));
  }
  if (filters.minStars) {
    constraints.push(where("stars", ">=", filters.minStars));
  }
  constraints.push(orderBy("createdAt", "desc"));
  return getDocs(query(collection(db, REVIEWS), ...constraints));
}
