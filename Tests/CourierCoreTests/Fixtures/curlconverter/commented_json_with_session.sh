curl 'http://localhost:28139' -b cookies.txt -c cookies.txt --json '{   }'
