// Names shared by the queries.
export const POSTS = "posts";
export const Fields = { author: "author" };
