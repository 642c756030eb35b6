import 'package:cloud_firestore/cloud_firestore.dart';

// The Flutter app's own query: served by the manifest too.
Future<QuerySnapshot<Map<String, dynamic>>> mine(String uid) {
  return FirebaseFirestore.instance
      .collection('posts')
      .where('author', isEqualTo: uid)
      .orderBy('createdAt', descending: true)
      .get();
}
