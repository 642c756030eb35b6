import 'package:cloud_firestore/cloud_firestore.dart';

// An old screen no file imports: its query is listed as dead.
Stream<QuerySnapshot> oldFeed() {
  return FirebaseFirestore.instance.collection('posts').where('tag', isEqualTo: 'news').orderBy('createdAt').snapshots();
}
