// A charting library committed into the app.
export function series(db, name) {
  return db.collection("chart_" + name).where("x", ">", 0).orderBy("y");
}
