// Calls that look like queries and are not: no Firestore SDK in this file.
import Backbone from "backbone";

const db = new Backbone.Model();

export function load(items, users) {
  const posts = db.collection("posts").where({ live: true });
  const active = items.filter((item) => item.active).map((item) => item.id);
  const user = users.get("a");
  return { posts, active, user, first: posts.get(0) };
}
