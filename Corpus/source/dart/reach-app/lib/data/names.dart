// Collection names, shared by the screens.
const String kPosts = 'posts';
const String kComments = 'comments';
