import { collection, getDocs, orderBy, query, where } from "firebase/firestore";

// A test against the emulator: not one of the app's queries.
test("mine", async () => {
  await getDocs(query(collection(db, "posts"), where("author", "==", "alice"), orderBy("likes", "desc")));
});
