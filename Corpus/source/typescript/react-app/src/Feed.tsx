import { collection, query, where, orderBy, onSnapshot, getDocs, CollectionReference } from "firebase/firestore";

class Repo {
  constructor(private db: Firestore) {}
  async list(owner: string) {
    const ref = collection(this.db, "items") as CollectionReference<Item>;
    const snap = await getDocs(query(ref, where("owner", "==", owner), orderBy("at", "desc")));
    return snap.docs.map((d) => d.data());
  }
  listen(cb: (n: number) => void) {
    return onSnapshot(query(collection(this.db, "items").withConverter(conv), where("live", "==", true)), (s) => cb(s.size));
  }
  spread(...constraints: QueryConstraint[]) {
    return getDocs(query(collection(this.db, "items"), ...constraints));
  }
}

export function Feed({ uid }: { uid: string }) {
  useEffect(() => {
    const unsub = onSnapshot(query(collection(db, `users/${uid}/feed`), orderBy("at", "desc"), limit(50)), (s) => setItems(s.docs));
    return unsub;
  }, [uid]);
  return <div className="feed">{items.map((i) => <Item key={i.id} />)}</div>;
}
const re = /collection\(/g;

// An object literal is not a constant filter value; an aggregation object is read.
export async function stats(db: Firestore) {
  const byOwner = await getDocs(query(collection(db, "items"), where("meta", "==", { a: 1 })));
  return getAggregateFromServer(query(collection(db, "items"), where("live", "==", true)), { n: count(), total: sum("price") });
}
