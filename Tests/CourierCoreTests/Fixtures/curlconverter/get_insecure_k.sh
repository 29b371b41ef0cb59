curl -k -X GET http://localhost:28139
