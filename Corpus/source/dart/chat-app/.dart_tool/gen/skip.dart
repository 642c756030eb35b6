// Tool output: never read.
final q = FirebaseFirestore.instance.collection('zzz').where('x', isEqualTo: 1).get();
