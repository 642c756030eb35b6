import { initializeApp } from "firebase/app";
import { getFirestore } from "firebase/firestore";

const app = initializeApp({ projectId: "demo" });
const firestore = getFirestore(app);
export default firestore;
