curl 'http://localhost:28139' -x 'http://localhost:8080'
