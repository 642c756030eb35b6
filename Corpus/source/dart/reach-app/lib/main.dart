// The entry point: the only file nothing needs to import.
import 'package:flutter/material.dart';
import 'screens/feed_screen.dart';

void main() {
  runApp(const MaterialApp(home: FeedScreen()));
}
