import 'package:cloud_firestore/cloud_firestore.dart';
import 'package:flutter/material.dart';

import '../consts.dart';

class ChatScreen extends StatelessWidget {
  const ChatScreen({super.key, required this.room});

  final String room;

  Color _statusColor(BuildContext context, String status) =>
      status == 'open' ? Colors.green : Colors.grey;

  Stream<QuerySnapshot> _messages() => FirebaseFirestore.instance
      .collection(messagesCollection)
      .where(FieldNames.room, isEqualTo: room)
      .orderBy(FieldNames.createdAt, descending: true)
      .snapshots();

  @override
  Widget build(BuildContext context) {
    // Not queries: widgets, a list's where, a map lookup.
    final open = ['a', 'b'].where((s) => s.isNotEmpty).toList();
    return Column(children: [
      Text('Create'),
      Icon(Icons.add, color: _statusColor(context, open.first)),
      StreamBuilder(stream: _messages(), builder: (context, snapshot) => Text('${snapshot.data}')),
    ]);
  }
}

Future<int> countUsers() async {
  final snapshot = await FirebaseFirestore.instance.collection(usersCollection).count().get();
  return snapshot.count ?? 0;
}
