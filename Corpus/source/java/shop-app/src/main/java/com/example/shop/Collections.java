package com.example.shop;

/** Collection and field names held in constants, read from the other files. */
public final class Collections {
    public static final String ORDERS = "orders";
    public static final String PRODUCTS = "products";
    static final String STATUS = "status";

    private Collections() {}
}
