import 'package:cloud_firestore/cloud_firestore.dart';

class PostsRepository {
  final FirebaseFirestore db = FirebaseFirestore.instance;

  // Called from two places, each with a constant collection: listed at the call sites only.
  // (`label`, left out by both, is null: the branch that tests it is never taken.)
  Query byAuthor(String collection, String uid, {String? label}) {
    if (label != null) {
      return db.collection(collection).where('label', isEqualTo: label).orderBy('createdAt');
    }
    return db.collection(collection).where('author', isEqualTo: uid).orderBy('createdAt', descending: true);
  }

  // Nothing names this method anywhere: its query is listed as dead.
  Query drafts() {
    return db.collection('posts').where('draft', isEqualTo: true).orderBy('updatedAt');
  }

  // Named only as a callback (a tear-off): live.
  Future<QuerySnapshot> pinned() => db.collection('posts').where('pinned', isEqualTo: true).orderBy('rank').get();
}
