// GENERATED CODE - DO NOT MODIFY BY HAND

part of 'post.dart';

Future<void> _$load(FirebaseFirestore db) async {
  await db.collection('generated').where('a', isEqualTo: 1).orderBy('b').get();
}
