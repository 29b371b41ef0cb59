curl http://localhost:28139/post -d data1=data1 -d data2=data2 -d data3=data3
