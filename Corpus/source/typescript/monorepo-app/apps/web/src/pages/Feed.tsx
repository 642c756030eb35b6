import { where, orderBy, limit } from "firebase/firestore";
import { FirestoreCollection, PostFields } from "@acme/shared";
import * as shared from "@acme/shared";
import { useCollection } from "../hooks/useCollection";

const newest = [orderBy(PostFields.createdAt, "desc"), limit(20)];

export function Feed({ uid }: { uid: string }) {
  const mine = useCollection(FirestoreCollection.Posts, where(PostFields.author, "==", uid), ...newest);
  const open = useCollection(shared.FirestoreCollection.Comments, where(shared.Fields.status.value, "==", "open"));
  // Not Firestore: array and map methods.
  const visible = mine.filter((post) => post.visible);
  const counts = new Map(open.map((c) => [c.id, 1]));
  return visible.length + (counts.get("a") ?? 0);
}

export function Anything({ kind }: { kind: string }) {
  // The name comes from a prop: unresolved here, once.
  return useCollection(kind);
}
