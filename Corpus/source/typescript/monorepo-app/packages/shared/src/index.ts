// The package's barrel: everything, and one name renamed.
export * from "./collections";
export { Fields as PostFields } from "./collections";
