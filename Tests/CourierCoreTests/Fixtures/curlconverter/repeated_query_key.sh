curl "localhost:28139?key=one&key=two"
