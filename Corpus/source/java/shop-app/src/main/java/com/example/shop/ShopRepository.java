package com.example.shop;

import static com.example.shop.Collections.ORDERS;

import com.google.android.gms.tasks.Task;
import com.google.firebase.firestore.AggregateField;
import com.google.firebase.firestore.AggregateSource;
import com.google.firebase.firestore.CollectionReference;
import com.google.firebase.firestore.FieldPath;
import com.google.firebase.firestore.Filter;
import com.google.firebase.firestore.FirebaseFirestore;
import com.google.firebase.firestore.Query;
import com.google.firebase.firestore.QuerySnapshot;
import java.util.Arrays;
import java.util.List;

public class ShopRepository {
    private static final int PAGE = 25;
    private final FirebaseFirestore db = FirebaseFirestore.getInstance();
    private final String uid;

    public ShopRepository(String uid) {
        this.uid = uid;
    }

    // A helper that returns a query: inlined where it is called.
    private Query openOrders(String customer) {
        return db.collection(ORDERS)
                .whereEqualTo("customer", customer)
                .whereIn(Collections.STATUS, Arrays.asList("open", "paid"));
    }

    public Task<QuerySnapshot> recentOrders() {
        return openOrders(uid).orderBy("createdAt", Query.Direction.DESCENDING).limit(PAGE).get();
    }

    // One query refined across statements: each reachable combination is a variant.
    public Task<QuerySnapshot> products(boolean inStockOnly, String category) {
        Query q = db.collection(Collections.PRODUCTS);
        if (inStockOnly) {
            q = q.whereGreaterThan("stock", 0);
        }
        if (category != null) {
            q = q.whereEqualTo("category", category);
        }
        return q.orderBy("price").get();
    }

    public void watchReviews(String productId) {
        final CollectionReference reviews =
                db.collection(Collections.PRODUCTS).document(productId).collection("reviews");
        reviews.whereGreaterThanOrEqualTo("rating", 4)
                .orderBy("rating", Query.Direction.DESCENDING)
                .orderBy(FieldPath.of("author", "name"))
                .addSnapshotListener((snapshot, error) -> {
                    if (snapshot != null) {
                        System.out.println(snapshot.size());
                    }
                });
    }

    public void flagged() {
        Query flagged = db.collectionGroup("reviews").where(Filter.or(
                Filter.equalTo("flagged", true),
                Filter.and(Filter.greaterThan("reports", 2), Filter.notEqualTo("hidden", true))));
        flagged.count().get(AggregateSource.SERVER).addOnSuccessListener(snapshot -> {
            System.out.println(snapshot.getCount());
        });
    }

    public void revenue() {
        db.collection(ORDERS)
                .whereNotIn("status", List.of("draft", "void"))
                .whereLessThan("total", 1000)
                .whereLessThanOrEqualTo("discount", 50)
                .aggregate(AggregateField.sum("total"), AggregateField.average("total"))
                .get(AggregateSource.SERVER);
    }

    public Task<QuerySnapshot> tagged(String tag) {
        return db.collection(Collections.PRODUCTS)
                .whereArrayContains("tags", tag)
                .whereIn("color", Arrays.asList("red", "blue"))
                .whereNotEqualTo(FieldPath.documentId(), "sample")
                .limitToLast(3)
                .orderBy("name")
                .get();
    }

    public Task<QuerySnapshot> anyTag(List<String> tags) {
        return db.collection(Collections.PRODUCTS).whereArrayContainsAny("tags", tags).get();
    }

    // A ternary picks one of two queries: both are variants.
    public Task<QuerySnapshot> sorted(boolean newest) {
        Query base = db.collection(ORDERS).whereEqualTo("customer", uid);
        Query q = newest ? base.orderBy("createdAt", Query.Direction.DESCENDING) : base.orderBy("total");
        return q.get();
    }

    // Returned to code elsewhere (never called in these files): reported where it is returned.
    public Query cartQuery() {
        return db.collection("customers/" + uid + "/carts").whereEqualTo("open", true).orderBy("updatedAt");
    }

    // Not resolvable statically: the field and the direction come from the caller.
    public Task<QuerySnapshot> byField(String field, Object value) {
        return db.collection(ORDERS).whereEqualTo(field, value).get();
    }

    public Task<QuerySnapshot> ordered(Query.Direction direction) {
        return db.collection(ORDERS).orderBy("total", direction).get();
    }
}
