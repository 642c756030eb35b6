import SwiftUI

// A SwiftUI view with long modifier chains and closures: none of these calls is a query, and
// none is listed or warned about.
struct Book: Identifiable {
  let id: String
  let title: String
  let tags: [String]
}

struct LibraryView: View {
  @State private var search = ""
  @State private var books: [Book] = []
  let store = LocalStore()

  var filtered: [Book] {
    books.filter { $0.title.contains(search) }.sorted { $0.title < $1.title }
  }

  var body: some View {
    NavigationStack {
      List {
        ForEach(filtered.filter { !$0.tags.isEmpty }) { book in
          VStack(alignment: .leading) {
            Text(book.title).font(.headline).foregroundColor(.primary).lineLimit(2)
            Text("Create").font(.caption).padding(.top, 4)
            HStack {
              ForEach(book.tags.filter { $0 != "hidden" }, id: \.self) { tag in
                Text(tag).padding(4).background(Color.gray.opacity(0.2)).cornerRadius(4)
              }
            }
          }
          .padding()
          .onTapGesture { store.collection("recent").insert(book.id) }
        }
      }
      .searchable(text: $search)
      .navigationTitle("Library")
      .task { books = await store.collection("books").where { $0.isPublic }.getDocuments() }
    }
  }
}

// Not Firestore: a local store with its own `collection`, `where` and `getDocuments`.
final class LocalStore {
  func collection(_ name: String) -> LocalCollection { LocalCollection() }
}

final class LocalCollection {
  func insert(_ id: String) {}
  func `where`(_ keep: (Book) -> Bool) -> LocalCollection { self }
  func getDocuments() async -> [Book] { [] }
}

extension Book {
  var isPublic: Bool { !tags.contains("private") }
}
