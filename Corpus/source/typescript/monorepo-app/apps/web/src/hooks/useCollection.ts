import { useEffect, useState } from "react";
import { collection, onSnapshot, query, QueryConstraint } from "firebase/firestore";
import db from "../firebase";

// A hook fed by its callers: the collection name and the constraints come from each call.
export function useCollection(name: string, ...constraints: QueryConstraint[]) {
  const [docs, setDocs] = useState([]);
  useEffect(() => onSnapshot(query(collection(db, name), ...constraints), (snap) => setDocs(snap.docs)), [name]);
  return docs;
}
