// A seeding script: each collection of a JSON export handed, as a bare reference with a computed
// name, to an import library that writes its documents. No query (it may be written to, and
// read as it is it needs no index): nothing listed, no warning. A reference with a clause handed
// over the same way is a query whose collection Flint cannot name: unresolved.
const admin = require("firebase-admin");
const importer = require("some-import-library");

const app = admin.initializeApp();

async function seed(data) {
  for (const name in data) {
    const ref = app.firestore().collection(`${name}`);
    await importer(data[name], ref);
    await importer(data[name], app.firestore().collection(name).where("seeded", "==", true));
  }
}

module.exports = { seed };
