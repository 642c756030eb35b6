#!/usr/bin/env python3
# A flint indexes workload: N query lines cycling through N/10 shapes (an equality and an order
# on 100 collection groups), with weights. Usage: python3 Benchmarks/index_workload.py N > w.txt
import sys
n=int(sys.argv[1]); shapes=n//10
for i in range(n):
    s=i%shapes; g=s%100; e=(s//100)%10; o=(e+1+(s//1000)%9)%10; d="asc" if (s//9000)%2==0 else "desc"
    print(f'collection("g{g}").where("f{e}", "==", auth.uid).orderBy("f{o}", "{d}")  @weight {1+i%7}')
