import { useMemo, useState } from "react";
import { useCollection, useCollectionOnce } from "react-firebase-hooks/firestore";
import { orders as ordersRef, shops } from "../lib/db";

// A query built in useMemo, undefined until the user is known, run by a hook.
export function OrderList({ uid, status }: { uid?: string; status: string }) {
  const pending = useMemo(
    () => (uid ? ordersRef.where("buyer", "==", uid).where("status", "==", status) : undefined),
    [uid, status]
  );
  const [snapshot] = useCollection(pending);
  return <ul>{snapshot?.docs.map((d) => <li key={d.id}>{d.id}</li>)}</ul>;
}

// A block callback that returns null on one branch, run once.
export function ShopList({ city }: { city: string | null }) {
  const byCity = useMemo(() => {
    const open = true;
    return city === null ? null : shops.where("city", "==", city).where("open", "==", open).orderBy("name");
  }, [city]);
  const [snapshot] = useCollectionOnce(byCity);
  return <p>{snapshot?.size}</p>;
}

// A query written inline in the hook's argument.
export function Recent({ uid }: { uid: string }) {
  const [recent, , error] = useCollection(
    ordersRef.where("buyer", "==", uid).orderBy("placedAt", "desc")
    // .limit(5) is not applied yet
  );
  return <span>{recent?.size ?? error?.message}</span>;
}
