// Collection and field names held in constants, read from the other files.
const rooms = 'rooms';

class Fields {
  static const members = 'members';
  static const String updatedAt = "updatedAt";
}
