curl -X GET --header 'Accept: application/json' --header 'user-token: 75d7ce4350c7d6239347bf23d3a3e668' 'http://localhost:28139/api/retail/books/list'
