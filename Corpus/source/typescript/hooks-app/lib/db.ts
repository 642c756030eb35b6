import firebase from "firebase/app";
import "firebase/firestore";

export const store = firebase.firestore();

export enum Coll {
  Orders = "orders",
  Shops = "shops",
  Reviews = "reviews",
}

export const orders = store.collection(Coll.Orders);

export const shops = store.collection(Coll.Shops);
