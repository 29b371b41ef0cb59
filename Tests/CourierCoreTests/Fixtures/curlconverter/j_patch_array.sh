curl -XPATCH http://localhost:28139/patch -d item[]=1 -d item[]=2 -d item[]=3
