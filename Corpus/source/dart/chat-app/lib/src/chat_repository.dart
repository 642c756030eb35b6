import 'package:cloud_firestore/cloud_firestore.dart';

import 'names.dart';

class Message {
  Message.fromJson(Map<String, Object?> json);
  Map<String, Object?> toJson() => {};
}

class ChatRepository {
  ChatRepository(this.uid);

  final String uid;
  final FirebaseFirestore db = FirebaseFirestore.instance;
  static const int page = 30;

  // A getter that returns a query: inlined where it is named.
  Query<Map<String, dynamic>> get _myRooms =>
      db.collection(rooms).where(Fields.members, arrayContains: uid);

  Stream<QuerySnapshot<Map<String, dynamic>>> watchRooms() {
    return _myRooms.orderBy(Fields.updatedAt, descending: true).limit(page).snapshots();
  }

  // A helper that returns a query, with an expression body.
  Query<Message> messagesOf(String roomId) => db
      .collection('$rooms/$roomId/messages')
      .withConverter<Message>(
        fromFirestore: (snapshot, _) => Message.fromJson(snapshot.data()!),
        toFirestore: (message, _) => message.toJson(),
      );

  Future<void> recent(String roomId, DocumentSnapshot? cursor) async {
    await messagesOf(roomId)
        .where('deleted', isEqualTo: false)
        .orderBy('sentAt', descending: true)
        .startAfterDocument(cursor!)
        .limit(50)
        .get();
  }

  // One query refined across statements: each reachable combination is a variant.
  Future<QuerySnapshot> search({bool mine = false, String? tag}) {
    Query q = FirebaseFirestore.instance.collection(r'posts');
    if (mine) {
      q = q.where('author', isEqualTo: uid);
    } else if (tag != null) {
      q = q.where("tags", arrayContainsAny: [tag, 'all']);
    }
    return q.orderBy('createdAt').get();
  }

  Future<int?> unread() async {
    final q = db.collectionGroup('messages').where(
          Filter.or(
            Filter('to', isEqualTo: uid),
            Filter.and(Filter('priority', isGreaterThanOrEqualTo: 2), Filter('muted', isNotEqualTo: true)),
          ),
        );
    final snapshot = await q.count().get();
    return snapshot.count;
  }

  Future<void> stats() async {
    await db
        .collection('orders')
        .where('status', whereIn: const ['open', 'paid'])
        .where('total', isGreaterThan: 10, isLessThan: 500)
        .where(FieldPath.documentId, isNotEqualTo: 'draft')
        .aggregate(sum('total'), average('total'))
        .get();
  }

  Future<void> profile() async {
    await db
        .collection('users')
        .doc(uid)
        .collection('devices')
        .where(FieldPath(const ['meta', 'os']), isNull: false)
        .where('lastSeen', isLessThanOrEqualTo: DateTime.now())
        .orderBy('lastSeen')
        .limitToLast(3)
        .get();
  }

  // A conditional expression picks one of two queries: both are variants.
  Future<void> board(bool weekly) async {
    final base = db.collection('scores');
    final q = weekly
        ? base.where('week', isEqualTo: 12).orderBy('points', descending: true)
        : base.where('region', whereNotIn: ['test']).orderBy('points');
    await q.get();
  }

  // Returned to code elsewhere (never called in these files): reported where it is returned.
  Query inboxQuery() => db.collection('inbox').where('to', isEqualTo: uid).orderBy('at', descending: true);

  // Not resolvable statically: the field comes from the caller, a cascade discards what it adds.
  Future<void> byField(String field) async {
    await db.collection('posts').where(field, isEqualTo: 1).get();
  }

  Future<void> cascade() async {
    final q = db.collection('posts')..where('a', isEqualTo: 1);
    await q.get();
  }

  Future<void> templated(String kind) async {
    await db.collection('posts').where('meta.${kind}', isEqualTo: true).get();
  }
}
