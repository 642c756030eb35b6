import 'package:cloud_firestore/cloud_firestore.dart';
import 'package:flutter/material.dart';
import 'package:reach_app/data/names.dart';
import '../data/posts_repository.dart';

class FeedScreen extends StatefulWidget {
  const FeedScreen({super.key});

  @override
  State<FeedScreen> createState() => _FeedScreenState();
}

class _FeedScreenState extends State<FeedScreen> {
  final repo = PostsRepository();

  // Flutter calls it: live although nothing in the app names it.
  @override
  void initState() {
    super.initState();
    FirebaseFirestore.instance.collection('alerts').where('active', isEqualTo: true).orderBy('at').get();
  }

  void reload(Future<QuerySnapshot> Function() source) {}

  @override
  Widget build(BuildContext context) {
    final mine = repo.byAuthor(kPosts, 'me').get();
    final replies = repo.byAuthor(kComments, 'me').snapshots();
    reload(repo.pinned);
    return Text('$mine $replies');
  }
}
