// The app's names: top-level and static constants.
const String usersCollection = 'users';
const String messagesCollection = 'messages';

class FieldNames {
  static const String createdAt = 'createdAt';
  static const String room = 'room';
}
