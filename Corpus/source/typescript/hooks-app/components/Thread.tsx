import { useEffect, useMemo, useState } from "react";
import firebase from "firebase/app";
import { useCollection } from "react-firebase-hooks/firestore";
import { Coll, orders, shops } from "../lib/db";

enum Side {
  Buyer = "buyer",
  Seller = "seller",
}

// A reference and a query kept in React state: the reference is only written to, the query runs
// where the state is read (the hook), with the order it was given.
export function Thread({ shopId }: { shopId: string }) {
  const [reviewsRef, setReviewsRef] = useState<firebase.firestore.CollectionReference>();
  const [reviewsQuery, setReviewsQuery] = useState<firebase.firestore.Query>();
  const [reviews] = useCollection(reviewsQuery);
  useEffect(() => {
    const ref = shops.doc(shopId).collection(Coll.Reviews);
    setReviewsRef(ref);
    setReviewsQuery(ref.orderBy("postedAt", "desc"));
  }, [shopId]);
  const post = (text: string) => reviewsRef?.add({ text });
  return <button onClick={() => post("hi")}>{reviews?.size}</button>;
}

// The field chosen by a ternary of enum members: one variant per side.
export function MyOrders({ uid, selling }: { uid: string; selling: boolean }) {
  const side = selling ? Side.Seller : Side.Buyer;
  const mine = useMemo(() => orders.where(side, "==", uid).orderBy("placedAt"), [side, uid]);
  const [snapshot] = useCollection(mine);
  return <p>{snapshot?.size}</p>;
}

// Another component's state of the same names: it holds only the query its own setter is handed.
export function OpenShops() {
  const [reviewsQuery, setReviewsQuery] = useState<firebase.firestore.Query>();
  const [open] = useCollection(reviewsQuery);
  useEffect(() => setReviewsQuery(shops.where("open", "==", true)), []);
  return <p>{open?.size}</p>;
}
