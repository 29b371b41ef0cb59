curl 'http://localhost:28139' -m 20
