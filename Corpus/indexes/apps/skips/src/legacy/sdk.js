"use strict";
exports.load = (db) => db.collection("legacy").where("a", "==", 1).orderBy("b").get();
//# sourceMappingURL=sdk.js.map
