// Collection names, as a string enum.
export enum FirestoreCollection {
  Users = "users",
  Posts = "posts",
  Comments = "comments",
}

// Field names, as a const object.
export const Fields = {
  author: "author",
  createdAt: "createdAt",
  status: { value: "status" },
} as const;
